/** Form errors as a list below the form (docs/design/web-rules.md, section 2); announced to screen readers. */
export interface ErrorListProps {
  errors: readonly string[];
  /** Lets inputs point at the list with aria-describedby. */
  id?: string;
  className?: string;
}

export function ErrorList({ errors, id, className }: ErrorListProps) {
  const shown = errors.filter((message) => message.trim() !== '');
  return (
    <div id={id} role="alert" aria-live="assertive" className={className}>
      {shown.length > 0 && (
        <ul className="error-list list-unstyled mb-0 mt-3">
          {shown.map((message, index) => (
            <li key={`${index}-${message}`} className="text-danger">
              {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
