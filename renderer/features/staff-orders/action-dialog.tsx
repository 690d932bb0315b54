import { Alert, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  /** The server's refusal, shown in the dialog so the user can change the input and retry. */
  error: string | null;
  onOk(): void;
  onCancel(): void;
  children: ReactNode;
}

/** The confirmation every order action goes through. */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.pending }}
      cancelButtonProps={{ disabled: props.pending }}
      onOk={props.onOk}
      onCancel={props.onCancel}
      destroyOnHidden
      mask={{ closable: !props.pending }}
    >
      {props.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={props.error}
          style={{ marginBottom: 16 }}
        />
      )}
      {props.children}
    </Modal>
  );
}
