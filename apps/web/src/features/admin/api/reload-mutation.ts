import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A console change whose success reloads a branch of the console's queries (adminKeys), e.g. every webhook list. */
export function useMutationReloading<Variables, Answer>(branch: QueryKey, call: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: branch }) });
}
