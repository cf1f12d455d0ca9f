/** A training list's words box: Enter or 'Buscar' writes the words to the address. */
import { Button } from '@botica/ui';
import { type FormEvent, useId, useState } from 'react';

export function SearchForm({
  label,
  help,
  value,
  onSearch,
}: {
  label: string;
  help: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [q, setQ] = useState(value);
  const helpId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(q);
  }
  return (
    <search aria-label={label}>
      <form className="bo-training__search" onSubmit={submit}>
        <label className="bt-field bo-training__search-field">
          <span className="bt-field__label">{label}</span>
          <input
            className="bt-input"
            type="search"
            name="q"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
            aria-describedby={helpId}
          />
          <span id={helpId} className="bo-training__muted">
            {help}
          </span>
        </label>
        <Button type="submit">Buscar</Button>
      </form>
    </search>
  );
}
