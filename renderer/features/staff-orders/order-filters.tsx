import { Button, DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { MAX_STAFF_ORDER_QUERY_LENGTH } from '../../../shared/contracts/staff-orders';
import { placedOrderStatuses } from '../../../shared/orders/statuses';
import { staffStatusLabel } from '../../components/order-status-tag';
import { visitTypeLabels } from './format';
import { hasFilters, type OrderLookup, type VisitTypeFilter } from './order-lookup';
import type { ProductOption } from './product-options';

export interface OrderFiltersProps {
  lookup: OrderLookup;
  products: readonly ProductOption[];
  productsLoading: boolean;
  onChange(lookup: OrderLookup): void;
}

const statusOptions = placedOrderStatuses.map((value) => ({
  value,
  label: staffStatusLabel(value),
}));
const visitOptions = ([1, 2, 3] as const).map((value) => ({
  value,
  label: visitTypeLabels[value],
}));
const day = (value: string | null) => (value ? dayjs(value, 'YYYY-MM-DD') : null);

/**
 * The lookup's search box and filters. The search runs on Enter (or the button), not on each
 * key: every search is a server query and an audit entry. Filters apply at once.
 */
export function OrderFilters({ lookup, products, productsLoading, onChange }: OrderFiltersProps) {
  const [text, setText] = useState(lookup.q);
  // A saved view or the browser's Back button changes the search from outside.
  useEffect(() => setText(lookup.q), [lookup.q]);

  const dates = [day(lookup.from), day(lookup.to)] as [Dayjs | null, Dayjs | null];
  return (
    <search className="order-filters" aria-label="Order search and filters">
      <Input.Search
        aria-label="Search orders"
        placeholder="Order number, patient name, email, phone or date of birth"
        value={text}
        maxLength={MAX_STAFF_ORDER_QUERY_LENGTH}
        allowClear
        enterButton="Search"
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => onChange({ ...lookup, q: value.trim() })}
        style={{ width: 460 }}
      />
      <Select
        aria-label="Status"
        mode="multiple"
        placeholder="Any status"
        value={lookup.status}
        options={statusOptions}
        onChange={(status) => onChange({ ...lookup, status })}
        maxTagCount="responsive"
        allowClear
        style={{ width: 220 }}
      />
      <DatePicker.RangePicker
        aria-label="Created between"
        placeholder={['Created from', 'Created to']}
        value={dates}
        allowEmpty={[true, true]}
        format="MM/DD/YYYY"
        onChange={(range) =>
          onChange({
            ...lookup,
            from: range?.[0]?.format('YYYY-MM-DD') ?? null,
            to: range?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
        style={{ width: 260 }}
      />
      <Select
        aria-label="Product"
        placeholder="Any product"
        value={lookup.productId ?? undefined}
        loading={productsLoading}
        options={products.map((p) => ({ value: p.productId, label: p.displayName }))}
        onChange={(productId?: number) => onChange({ ...lookup, productId: productId ?? null })}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        style={{ width: 220 }}
      />
      <Select
        aria-label="Visit type"
        placeholder="Any visit type"
        value={lookup.visitType ?? undefined}
        options={visitOptions}
        onChange={(visitType?: VisitTypeFilter) =>
          onChange({ ...lookup, visitType: visitType ?? null })
        }
        allowClear
        style={{ width: 230 }}
      />
      <StorefrontField
        value={lookup.storefrontId}
        onCommit={(storefrontId) => onChange({ ...lookup, storefrontId })}
      />
      {hasFilters(lookup) && (
        <Button
          onClick={() =>
            onChange({
              ...lookup,
              status: [],
              from: null,
              to: null,
              productId: null,
              visitType: null,
              storefrontId: null,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </search>
  );
}

/** Applied on Enter or when the field is left, not on every digit typed. */
function StorefrontField({
  value,
  onCommit,
}: {
  value: number | null;
  onCommit(value: number | null): void;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <InputNumber<number>
      aria-label="Storefront ID"
      placeholder="Storefront ID"
      value={draft}
      min={1}
      max={2_147_483_647}
      precision={0}
      onChange={(next) => setDraft(next ?? null)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 140 }}
    />
  );
}
