import { useState } from 'react';
import { ROLE_LABELS, USER_ADMIN_MESSAGES, userCreateSchema } from '@shared/admin-users';
import { ROLES, type Role } from '@shared/session';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useCreateUser } from '../api/create-user';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';

/** A new user from e-mail, optional name and role (default attendee; docs/product/admin.md#create-user). */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<Role>('attendee');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setEmail('');
    setFullName('');
    setRole('attendee');
    setError(null);
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const submit = async () => {
    const parsed = userCreateSchema.safeParse({ email, full_name: fullName || undefined, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? USER_ADMIN_MESSAGES.createFailed);
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      toast.success(`Benutzer ${parsed.data.email} angelegt`);
      reset();
      onClose();
    } catch (failure) {
      setError(messageOf(failure, USER_ADMIN_MESSAGES.createFailed));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Neuer Benutzer"
      description="Die Person meldet sich danach mit dieser E-Mail-Adresse per Code an."
    >
      <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-user-email" className={labelClass}>
            E-Mail
          </label>
          <Input
            size="sm"
            id="new-user-email"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-user-error' : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-user-name" className={labelClass}>
            Name (optional)
          </label>
          <Input
            size="sm"
            id="new-user-name"
            autoComplete="off"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-user-role" className={labelClass}>
            Rolle
          </label>
          <Select
            size="sm"
            id="new-user-role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {error && <ErrorText id="new-user-error">{error}</ErrorText>}
        <DialogActions
          onCancel={close}
          busy={create.isPending}
          submitDisabled={email.trim() === ''}
          submitLabel="Anlegen"
          busyLabel="Wird angelegt …"
        />
      </Form>
    </FormDialog>
  );
}
