/** Starts the portal: configuration, database, demo data and content on first start, listen, close. */
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp, startBackgroundWork } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './database.ts';
import { formatDemoAccounts } from './demo/demo-accounts.ts';
import { requestLogOptions } from './lib/request-log.ts';
import { listenMetrics } from './plugins/metrics.ts';
import { formatProductionRefusal, productionProblems, startBanner } from './production-mode.ts';
import { prepareDatabase } from './startup.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openConfiguredDatabase(config, here('../../../packages/db/drizzle'));
  const app = await buildApp({
    config,
    database,
    webRoot: here('../../web/dist'),
    logger: requestLogOptions(config.logLevel),
  });
  const summary = await prepareDatabase({ config, database, contentRoot: here('../../../content'), log: (msg) => app.log.info(msg) });
  const problems = summary.mode === 'production' ? await productionProblems(config, database) : [];
  if (problems.length) {
    if (!process.argv.includes('--allow-demo')) {
      console.error(formatProductionRefusal(problems));
      await app.close();
      await database.close();
      process.exit(1);
    }
    // A staging copy may run on demo values; say so where nobody can miss it.
    const warning = `!!! --allow-demo: demo values are in use outside demo mode. This must never be a real deployment:\n${problems.map((p) => `!!!   - ${p}`).join('\n')}`;
    app.log.warn({ problems }, 'started with --allow-demo: demo values in use outside demo mode');
    console.error(warning);
  }

  // Graceful stop (docs/operations.md, "Stopping"): /readyz answers 503 at once, the listeners stop
  // taking connections, the job workers stop taking jobs (and hand back what they hold), requests
  // in flight finish within SHUTDOWN_GRACE_SECONDS, then the pools close and the process exits 0.
  let closing = false;
  let metricsServer: Server | undefined;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.draining = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down: finishing requests in flight');
    // Past the grace, connections still open are cut; a stop that still hangs then ends with 1.
    let graceOver = false;
    const cut = setTimeout(() => {
      graceOver = true;
      app.log.warn('shutdown grace is over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs).unref();
    const force = setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    // Keep-alive connections that finish their request while we close are closed as they go idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      metricsServer?.close();
      metricsServer?.closeIdleConnections();
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(cut);
    clearTimeout(force);
    clearInterval(idle);
    app.log.info({ graceOver }, 'stopped');
    process.exit(graceOver ? 1 : 0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (app.metrics && config.metricsPort !== undefined) {
    metricsServer = await listenMetrics(app.metrics, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken, log: app.log });
  }
  await startBackgroundWork(app);
  if (!config.smtpUrl) app.log.info('SMTP_URL is not set: mails stay in the outbox (organizer console)');
  if (summary.demoLoaded || summary.hasDemoData) console.log(`\n${formatDemoAccounts()}\n`);
  console.log(startBanner(config.publicUrl, database.kind, summary.mode, problems.length > 0));
}

main().catch((error: unknown) => {
  console.error('The portal could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
