/**
 * Registration questions in the console (docs/questions.md): GET /api/Admin/Questions?event=,
 * POST a new one, PUT ?event= a changed one (by key); the exports built from the answers.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTIONS_PATHS, type Paged, type Question, type QuestionRequest } from '@portal/contracts';
import { adminDownload, adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

const questionsKey = [...adminKeys.all, 'questions'] as const;

export const useAdminQuestions = (event: string) =>
  useQuery({
    queryKey: [...questionsKey, event],
    queryFn: ({ signal }) => adminFetch<Paged<Question>>(QUESTIONS_PATHS.adminQuestions, { query: { event }, signal }),
  });

/** Creates the question, or (`editing`) changes the one with its key. */
export function useSaveQuestion(event: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ question, editing }: { question: QuestionRequest; editing: boolean }) =>
      adminFetch<Question>(QUESTIONS_PATHS.adminQuestions, editing ? { method: 'PUT', query: { event }, body: question } : { method: 'POST', body: { ...question, event } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKey }),
  });
}

export const QUESTION_EXPORTS = {
  answers: { path: QUESTIONS_PATHS.adminAnswers, label: 'All answers', file: 'answers' },
  rooming: { path: QUESTIONS_PATHS.adminRoomingList, label: 'Rooming list', file: 'rooming-list' },
  catering: { path: QUESTIONS_PATHS.adminCatering, label: 'Catering summary', file: 'catering' },
} as const;
export type QuestionExport = keyof typeof QUESTION_EXPORTS;

/** Downloads an export as xlsx with the organizer's token (a plain link could not send it). */
export async function downloadQuestionExport(kind: QuestionExport, event: string): Promise<void> {
  const { path, file } = QUESTION_EXPORTS[kind];
  await adminDownload(path, { event, format: 'xlsx' }, `${file}-${event}.xlsx`, 'The file');
}
