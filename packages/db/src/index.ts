export * from './client.ts';
export * as schema from './schema/index.ts';
export type { AttendeeType, PersonCategory, Policy, RegistrationStatus, ReportScopeLevel } from './schema/domain.ts';
export type { OutboxAttachment, OutboxStatus } from './schema/mail.ts';
export type { WebhookDeliveryStatus } from './schema/webhooks.ts';
export type { SessionEntry, SessionPickStatus } from './schema/sessions.ts';
export type { AnswerValue, QuestionOption, QuestionType, QuestionWhen } from './schema/questions.ts';
export type { PersonalDataLinkPurpose } from './schema/privacy.ts';
