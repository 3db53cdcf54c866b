import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './build-test-app.ts';

/**
 * Enrols a person as the hosted page does: the enroller (`enrollerToken`) asks for a registration
 * link for the name (`/api/Enrollment/GetBuiltinLink`), then the form behind the link is submitted,
 * in person, with the address and the dates.
 */
export async function enrolThroughLink(
  app: FastifyInstance,
  enrollerToken: string,
  person: { firstName: string; lastName: string; eventType?: 'nbc' | 'abc' },
  form: { email: string; arrivalDate: string; departureDate: string },
): Promise<void> {
  const link = await app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(enrollerToken), payload: person });
  expect(link.statusCode, link.body).toBe(200);
  const token = new URL((link.json() as { data: string }).data).pathname.split('/').pop()!;
  const done = await app.inject({
    method: 'POST',
    url: `/api/Registration/${token}`,
    payload: { action: 'submit', firstName: person.firstName, lastName: person.lastName, isVirtual: false, ...form },
  });
  expect(done.statusCode, done.body).toBe(200);
}
