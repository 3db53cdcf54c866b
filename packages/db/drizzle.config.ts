import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/schema/domain.ts', './src/schema/content.ts', './src/schema/mail.ts', './src/schema/report-counts.ts', './src/schema/admin.ts', './src/schema/report-digests.ts', './src/schema/privacy.ts', './src/schema/webhooks.ts', './src/schema/oidc.ts', './src/schema/event-days.ts', './src/schema/sessions.ts', './src/schema/questions.ts', './src/schema/transfers.ts'],
  out: './drizzle',
});
