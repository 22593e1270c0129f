import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { InviteFrame } from './invite-frame';

/** A used, cancelled or expired invitation link: 404 with what to do next. */
export default function InvitationNotFound() {
  return (
    <InviteFrame>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Join your building</h1>
        </CardHeader>
        <CardContent>
          <Alert variant="destructive" role="alert">
            This invitation is not valid any more: it was used, cancelled or it expired. Ask your building manager for a new one.
          </Alert>
        </CardContent>
      </Card>
    </InviteFrame>
  );
}
