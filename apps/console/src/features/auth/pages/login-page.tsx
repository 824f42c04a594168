import { Clock, Webhook } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { messages } from '@/lib/messages';
import { LOGIN_REASON_PARAM, SESSION_EXPIRED_REASON } from '@/lib/return-url';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const isSessionExpired = searchParams.get(LOGIN_REASON_PARAM) === SESSION_EXPIRED_REASON;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/5 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Webhook className="size-6" />
          </div>
          <CardTitle className="text-2xl">Webhook Manager</CardTitle>
          <CardDescription>Entre com seu e-mail e senha para acessar o console</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isSessionExpired ? (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <Clock className="size-4 shrink-0" />
              {messages.sessionExpired}
            </p>
          ) : null}
          <LoginForm />
        </CardContent>
      </Card>
    </main>
  );
}
