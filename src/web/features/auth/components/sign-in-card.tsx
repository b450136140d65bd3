import { SignInFlow } from '@web/components/sign-in/sign-in-flow';
import { readNewSession } from '../api/auth-requests';
import { rememberEmail } from '../auth-storage';
import { useAfterSignIn } from '../use-after-sign-in';

/**
 * The sign-in flow of the sign-in pages: the address is remembered for a magic link opened later, and once
 * signed in the page moves on to where the visitor came from (use-after-sign-in.ts).
 */
export function SignInCard({ onBack }: { onBack?: () => void }) {
  const afterSignIn = useAfterSignIn();
  return (
    <SignInFlow
      variant="page"
      onSent={rememberEmail}
      onBack={onBack}
      onVerified={async () => afterSignIn(await readNewSession(), 'code')}
    />
  );
}
