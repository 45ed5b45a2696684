import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/session';
import { useToast } from '../ui/toast';
import { MSG } from '../../../shared/messages';

/** Signs out, shows 'Logout effettuato con successo' and goes to '/'. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast({ title: MSG.logoutOk });
      navigate('/');
    } catch (err) {
      toast({
        variant: 'destructive',
        title: MSG.errorTitle,
        description: err instanceof Error ? err.message : String(err),
      });
    }
  }, [signOut, toast, navigate]);
}
