/**
 * The sessions page's messages: the sessions area, defined beside the program it shares with the
 * registration page (src/components/sessions/messages.ts).
 */
export { sessionsMessages } from '../../components/sessions/messages.ts';
