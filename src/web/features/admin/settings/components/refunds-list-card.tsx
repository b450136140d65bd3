import {
  ADMIN_REFUND_LIST_TEXTS as TEXTS,
  ADMIN_REFUND_STATUS_LABELS,
  type AdminRefundListRow,
  type AdminRefundStatus,
  refundFailureText,
  refundReasonText,
} from '@shared/admin-refund-list';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SettingsCard } from '@web/components/ui/settings-card';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAdminRefunds } from '../api/get-admin-refunds';
import { useRetryRefund } from '../api/retry-refund';
import { loadErrorOf } from './server-message';

const STATUS_TONES: Record<AdminRefundStatus, BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'destructive',
};

/**
 * 'Erstattungen' (docs/product/admin.md#refunds-list): the latest refunds with the method of the payment
 * they go back to; a failed one reads 'Rückerstattung fehlgeschlagen' with 'Erneut versuchen'
 * (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md).
 */
export function RefundsListCard() {
  const list = useAdminRefunds();
  const refunds = list.data?.refunds;
  return (
    <SettingsCard
      id="refunds"
      title={TEXTS.title}
      description="Die letzten Erstattungen, fehlgeschlagene zuerst."
      loading={!refunds}
      loadError={loadErrorOf(list)}
    >
      {refunds && refunds.length === 0 && <p className="text-sm text-muted-foreground">{TEXTS.empty}</p>}
      {refunds && refunds.length > 0 && (
        <ul aria-label={TEXTS.title} className="flex flex-col divide-y divide-border">
          {refunds.map((refund) => (
            <RefundItem key={refund.id} refund={refund} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function RefundItem({ refund }: { refund: AdminRefundListRow }) {
  const retry = useRetryRefund();
  const label = `Erstattung ${refund.orderNumber}`;
  const onRetry = () =>
    retry.mutate(refund.id, {
      onSuccess: (answer) => {
        if (answer.status === 'failed')
          toast.error(TEXTS.failedAgain, {
            description: answer.lastError ? refundFailureText(answer.lastError) : undefined,
          });
        else toast.success(answer.status === 'succeeded' ? TEXTS.retrySucceeded : TEXTS.retried);
      },
    });
  return (
    <li aria-label={label} className="flex flex-col gap-1 py-3 text-sm first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium tabular-nums">{formatPrice(refund.amountCents, refund.currency)}</span>
        <Badge tone={STATUS_TONES[refund.status]}>{ADMIN_REFUND_STATUS_LABELS[refund.status]}</Badge>
      </div>
      <p className="text-muted-foreground">
        {ORDER_NUMBER_LABEL} <span className="font-mono text-foreground">{refund.orderNumber}</span> ·{' '}
        {refund.eventTitle}
        {refund.buyerName || refund.buyerEmail ? ` · ${refund.buyerName ?? refund.buyerEmail}` : ''}
      </p>
      <p className="text-muted-foreground">
        {formatDateTimeShort(refund.createdAt)}
        {refund.paymentMethod && ` · Zahlungsart: ${refund.paymentMethod}`}
        {refund.reason && ` · ${refundReasonText(refund.reason)}`}
      </p>
      {refund.status === 'failed' && refund.lastError && (
        <p className="break-words text-destructive">{refundFailureText(refund.lastError)}</p>
      )}
      {refund.retryable && (
        <div className="flex flex-col items-start gap-1 pt-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${TEXTS.retry}: ${label}`}
            disabled={retry.isPending}
            onClick={onRetry}
          >
            {TEXTS.retry}
          </Button>
          {retry.isError && (
            <p role="alert" className="text-destructive">
              {messageOf(retry.error, TEXTS.retryFailed)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
