import { Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { MAX_VIEW_NAME_LENGTH, type SavedViewData } from '../../../shared/contracts/staff-orders';

export interface SavedViewsControlProps {
  views: readonly SavedViewData[];
  loading: boolean;
  selectedViewId: string | null;
  onApply(view: SavedViewData): void;
  /** Resolves null when saved, or the message to show on the name field. */
  onSave(name: string): Promise<string | null>;
  onDelete(viewId: string): void;
  deleting: boolean;
}

/** Pick a saved lookup, save the current one under a name, or delete the picked one. */
export function SavedViewsControl(props: SavedViewsControlProps) {
  const { views, loading, selectedViewId, onApply, onSave, onDelete, deleting } = props;
  const [saveOpen, setSaveOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const selected = views.find((view) => view.viewId === selectedViewId) ?? null;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Please name the view.');
      return;
    }
    setSaving(true);
    const error = await onSave(trimmed);
    setSaving(false);
    if (error) {
      setNameError(error);
      return;
    }
    setSaveOpen(false);
    setName('');
  };

  return (
    <Space size={8} wrap>
      <Select
        aria-label="Saved views"
        placeholder="Saved views"
        loading={loading}
        value={selected?.viewId}
        options={views.map((view) => ({ value: view.viewId, label: view.name }))}
        onChange={(viewId: string) => {
          const view = views.find((candidate) => candidate.viewId === viewId);
          if (view) onApply(view);
        }}
        style={{ width: 200 }}
        notFoundContent="No saved views yet"
      />
      <Button
        onClick={() => {
          setNameError(null);
          setSaveOpen(true);
        }}
      >
        Save view
      </Button>
      {selected && (
        <Popconfirm
          title={`Delete the view "${selected.name}"?`}
          okText="Delete"
          okButtonProps={{ danger: true, loading: deleting }}
          onConfirm={() => onDelete(selected.viewId)}
        >
          <Button danger>Delete view</Button>
        </Popconfirm>
      )}
      <Modal
        open={saveOpen}
        title="Save this view"
        okText="Save"
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setSaveOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={save}>
          <Form.Item
            label="Name"
            htmlFor="saved-view-name"
            validateStatus={nameError ? 'error' : undefined}
            help={nameError ?? 'The search, filters, sort and columns are saved.'}
          >
            <Input
              id="saved-view-name"
              autoFocus
              value={name}
              maxLength={MAX_VIEW_NAME_LENGTH}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
