import { Button, Popconfirm, Space } from 'antd';
import type { AutoRefillData } from '../../../shared/contracts/auto-refill';
import { apiErrorText } from '../../components/api-error-text';
import { refillState } from './refill-status';
import { useRefillActions } from './use-refills';

/**
 * What an agent does to a caller's refill: pause, resume, or stop it (each written to the
 * audit log by the server). `onChanged` refreshes the screen that shows the refill.
 */
export function StaffRefillActions(props: { refill: AutoRefillData; onChanged: () => void }) {
  const { refill } = props;
  const actions = useRefillActions(`staff:${refill.autoRefillId}`, props.onChanged);
  const state = refillState(refill);
  const failure = actions.pause.error ?? actions.deactivate.error;
  if (state === 'stopped') return null;
  const id = refill.autoRefillId;
  return (
    <Space wrap size={4}>
      <Button
        size="small"
        loading={actions.pause.isPending}
        onClick={() => actions.pause.mutate({ autoRefillId: id, paused: state === 'active' })}
      >
        {state === 'active' ? 'Pause' : 'Resume'}
      </Button>
      <Popconfirm
        title="Stop this auto-refill for the caller?"
        okText="Stop"
        cancelText="Keep"
        onConfirm={() => actions.deactivate.mutate(id)}
      >
        <Button size="small" danger loading={actions.deactivate.isPending}>
          Stop
        </Button>
      </Popconfirm>
      {failure ? <span role="alert">{apiErrorText(failure)}</span> : null}
    </Space>
  );
}
