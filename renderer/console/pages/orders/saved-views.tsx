import { App } from 'antd';
import { apiErrorText } from '../../../components/api-error-text';
import type { ColumnVisibility } from '../../../components/data-table/data-table-types';
import { useCreateSavedView } from '../../../features/staff-orders/create-saved-view';
import { useDeleteSavedView } from '../../../features/staff-orders/delete-saved-view';
import { orderColumns } from '../../../features/staff-orders/order-columns';
import type { OrderLookup } from '../../../features/staff-orders/order-lookup';
import { lookupOfView, viewSettingsOf } from '../../../features/staff-orders/saved-view-settings';
import { useSavedViews } from '../../../features/staff-orders/saved-views';
import { SavedViewsControl } from '../../../features/staff-orders/saved-views-control';

/** The saved-views control wired to the server's views of the signed-in staff member. */
export function SavedViews({
  lookup,
  visibility,
  selectedViewId,
  onApply,
  onDeleted,
}: {
  lookup: OrderLookup;
  visibility: ColumnVisibility;
  selectedViewId: string | null;
  onApply(lookup: OrderLookup, viewId: string, columns: ColumnVisibility | null): void;
  onDeleted(): void;
}) {
  const { message } = App.useApp();
  const views = useSavedViews();
  const create = useCreateSavedView();
  const remove = useDeleteSavedView();
  const shownColumns = orderColumns
    .filter((column) => visibility[column.id] ?? !column.defaultHidden)
    .map((column) => column.id);

  return (
    <SavedViewsControl
      views={views.data ?? []}
      loading={views.isPending}
      selectedViewId={selectedViewId}
      deleting={remove.isPending}
      onApply={(view) => {
        const { lookup: next, visibility: columns } = lookupOfView(view.view);
        onApply(next, view.viewId, columns);
      }}
      onSave={async (name) => {
        try {
          const view = await create.mutateAsync({
            name,
            view: viewSettingsOf(lookup, shownColumns),
          });
          onApply(lookup, view.viewId, null);
          void message.success(`Saved the view "${view.name}".`);
          return null;
        } catch (error) {
          return apiErrorText(error);
        }
      }}
      onDelete={(viewId) =>
        remove.mutate(viewId, {
          onSuccess: () => {
            void message.success('The view was deleted.');
            onDeleted();
          },
          onError: (error) => void message.error(apiErrorText(error)),
        })
      }
    />
  );
}
