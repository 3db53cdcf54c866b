import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationPage as PageData, RegistrationQuestion, RegistrationSubmit } from '@portal/contracts';
import { RegistrationQuestions, type AnswerDraft } from './components/registration-questions.tsx';
import RegistrationPage from './pages/registration-page.tsx';
import { registrationPageData } from './testing/registration-page-data.ts';
import { failBody, fakeRegistrationApi, okBody, renderRegistrationPage } from './testing/registration-api.tsx';
import { renderWithIntl } from '../../testing/intl.tsx';
import { registrationMessages } from './messages.ts';

const question = (q: Partial<RegistrationQuestion> & Pick<RegistrationQuestion, 'key' | 'label' | 'type'>): RegistrationQuestion => ({
  help: null,
  options: null,
  required: false,
  when: 'both',
  sensitive: false,
  order: 0,
  ...q,
});

const QUESTIONS: RegistrationQuestion[] = [
  question({ key: 'room', label: 'Hotel room', type: 'choice', options: [{ value: 'single', label: 'A room of my own' }, { value: 'sharing', label: 'Sharing' }], required: true, when: 'physical', order: 1 }),
  question({ key: 'dietary', label: 'Dietary needs', type: 'multichoice', options: [{ value: 'vegan', label: 'Vegan' }, { value: 'halal', label: 'Halal' }], order: 2 }),
  question({ key: 'accessibility', label: 'Accessibility needs', type: 'longtext', sensitive: true, order: 3 }),
  question({ key: 'gala', label: 'I will attend the gala', type: 'boolean', when: 'physical', order: 4 }),
  question({ key: 'guests', label: 'Guests', type: 'number', order: 5 }),
];

function Harness({ isVirtual = false, readOnly = false, initial = {} }: { isVirtual?: boolean; readOnly?: boolean; initial?: AnswerDraft }) {
  const [answers, setAnswers] = useState<AnswerDraft>(initial);
  return (
    <>
      <RegistrationQuestions id="t" questions={QUESTIONS} answers={answers} isVirtual={isVirtual} readOnly={readOnly} errors={[]} onChange={(k, v) => setAnswers((a) => ({ ...a, [k]: v }))} />
      <output data-testid="answers">{JSON.stringify(answers)}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('answers').textContent ?? '{}') as AnswerDraft;

describe('the questions fieldset', () => {
  it('shows one control per question of the attendance, by type, and keeps the answers', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness />, registrationMessages);
    expect(screen.getByRole('group', { name: 'Questions from the event team' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Sharing' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Halal' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.type(screen.getByLabelText('Accessibility needs'), 'Step-free room');
    await user.click(screen.getByRole('checkbox', { name: 'I will attend the gala' }));
    await user.type(screen.getByLabelText('Guests'), '2');
    expect(held()).toEqual({ room: 'sharing', dietary: ['halal'], accessibility: 'Step-free room', gala: true, guests: 2 });
    expect(screen.getByRole('group', { name: 'Hotel room (required)' })).toBeInTheDocument();
    expect(screen.getByText('Only the event team sees this answer.')).toBeInTheDocument();
  });

  it('leaves out the in-person questions for a virtual attendee', () => {
    renderWithIntl(<Harness isVirtual />, registrationMessages);
    expect(screen.queryByRole('group', { name: /Hotel room/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I will attend the gala' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Accessibility needs')).toBeInTheDocument();
  });

  it('shows the answers disabled when read-only', () => {
    renderWithIntl(<Harness readOnly initial={{ room: 'single', dietary: ['vegan'], gala: true }} />, registrationMessages);
    expect(screen.getByRole('group', { name: 'Questions from the event team' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'A room of my own' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I will attend the gala' })).toBeChecked();
  });
});

describe('the questions on the registration page', () => {
  let page: PageData;
  let posts: RegistrationSubmit[];
  let refuse: boolean;
  beforeEach(() => {
    refuse = false;
    page = registrationPageData({ questions: QUESTIONS, answers: { dietary: ['vegan'] }, arrivalDate: '2027-03-01', departureDate: '2027-03-02' });
    posts = fakeRegistrationApi({
      get: () => ({ status: 200, body: okBody(page) }),
      post: () => {
        if (refuse) return { status: 400, body: failBody('“Hotel room” has no option “suite”.', [{ field: 'answers.room', message: '“Hotel room” has no option “suite”.' }]) };
        const { purpose: _p, expiresAt: _e, emailEditable: _m, questions: _q, ...rest } = page;
        return { status: 200, body: okBody({ ...rest, status: 'Enrolled', enrolledAt: '2027-01-10T15:30:00.000Z' }) };
      },
    });
  });

  const renderPage = () => renderRegistrationPage(<RegistrationPage />);

  it('asks after the dates, checks a required answer before sending, and sends the answers of the attendance', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('“Hotel room” is required.');
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'A room of my own' }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    await screen.findByRole('heading', { name: 'You are registered' });
    expect(posts[0]?.action === 'submit' && posts[0].answers).toEqual({ room: 'single', dietary: ['vegan'], accessibility: null, gala: null, guests: null });
  });

  it('shows the server naming an answer', async () => {
    refuse = true;
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Sharing' }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByText('“Hotel room” has no option “suite”.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Hotel room (required)' })).toHaveAttribute('aria-invalid', 'true');
  });
});
