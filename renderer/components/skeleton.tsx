import './controls.css';

const rowKeys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;

/**
 * Grey bars where content is on its way, announced as loading: `rows` lines of text (at most
 * eight), or one field-high bar (`field`), named by `label`.
 */
export function Skeleton(props: { rows?: number; field?: boolean; label?: string }) {
  const rows = props.field ? 1 : (props.rows ?? 3);
  return (
    <div
      className={`skeleton${props.field ? ' skeleton--field' : ''}`}
      role="status"
      aria-busy="true"
      aria-label={props.label ?? 'Loading'}
    >
      {rowKeys.slice(0, rows).map((key) => (
        <span key={key} className="skeleton__row" />
      ))}
    </div>
  );
}
