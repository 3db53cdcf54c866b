/**
 * The registry of registration providers: builds the configured one. app.ts calls it once and hands
 * the provider to the modules that need it (enrollment, admin).
 */
import type { Config } from '../../config.ts';
import { createBuiltinProvider } from './builtin-provider.ts';
import { createCventProvider } from './cvent-provider.ts';
import type { RegistrationProvider } from './provider.ts';

export function createRegistrationProvider(config: Config): RegistrationProvider {
  if (config.registrationProvider === 'cvent') {
    // loadConfig refuses REGISTRATION_PROVIDER=cvent without its URL and secret.
    if (!config.cvent) throw new Error('REGISTRATION_PROVIDER=cvent needs CVENT_URL and CVENT_CALLBACK_SECRET');
    return createCventProvider(config.cvent);
  }
  return createBuiltinProvider(config.publicUrl, config.linkTtlHours);
}
