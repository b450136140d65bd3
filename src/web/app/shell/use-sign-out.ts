import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQuery, signOut } from '@web/lib/session';
import { toast } from '@web/lib/toast';

/** 'Abmelden': ends the session on the server, then goes to / (docs/product/site.md#header). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await signOut();
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      navigate('/');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Abmelden fehlgeschlagen');
    }
  };
}
