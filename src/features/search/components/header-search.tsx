import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearchPreview } from '../api/search-items';
import { nextActiveIndex, normaliseQuery, SEARCH_DEBOUNCE_MS } from '../search-rules';
import './header-search.css';
import { Thumb } from '../../../components/ui/thumb';

/**
 * The header search of spec section 2, as an ARIA combobox: suggestions after 500 ms of quiet, arrow
 * keys cycle, Enter selects (or searches the typed text), Escape and an outside click close.
 */
export function HeaderSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inputId = useId();
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const preview = useSearchPreview(debounced);
  const hasText = text.trim().length > 0;
  const loading = hasText && (text.trim() !== debounced.trim() || preview.isFetching);
  const results = hasText && !preview.isError ? (preview.data?.items ?? []) : [];

  useEffect(() => {
    if (preview.error) console.error('Search preview failed', preview.error);
  }, [preview.error]);
  // The box is uncontrolled, so what was typed or pasted into the server's HTML before the app woke
  // stays; the app takes it up as it wakes and suggests for it with no keystroke more.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setText(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new suggestions reset the active option.
  useEffect(() => setActive(-1), [debounced]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const go = (query: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    void navigate({ to: '/search', search: { q: query } });
  };

  const showList = open && hasText;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    // A real form: before the app wakes, Enter asks the server for /search?q=… itself.
    <form
      ref={rootRef}
      role="search"
      aria-label="Site search"
      className="header-search"
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = active >= 0 ? results[active] : undefined;
        const query = chosen ? chosen.groupName : normaliseQuery(inputRef.current?.value ?? text);
        if (query) go(query);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      {/* type=text: ARIA in HTML allows role=combobox on a text input, not on type=search. */}
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search products..."
        defaultValue=""
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            setActive((current) => nextActiveIndex(current, results.length, event.key as 'ArrowDown' | 'ArrowUp'));
          } else if (event.key === 'Escape') {
            if (showList) event.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <button type="submit" className="header-search__submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <div className={`header-search__popup${showList ? ' is-open' : ''}`}>
        {/* The ARIA combobox pattern: focus stays in the input, options are named by aria-activedescendant. */}
        <ul id={listId} role="listbox" aria-label="Suggestions">
          {showList &&
            !loading &&
            results.map((item, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keyboard users choose options from the input (arrow keys, Enter).
              <li
                key={`${item.type}-${item.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="suggestion"
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => go(item.groupName)}
                onPointerEnter={() => setActive(index)}
              >
                <Thumb src={item.photo_url} size={48} />
                <span className="suggestion__name">{item.groupName}</span>
                <span className="suggestion__kind">{item.isBundle ? 'Bundle' : 'Product'}</span>
              </li>
            ))}
        </ul>
        {showList && loading && (
          <p className="header-search__status">
            <span className="spinner spinner--small" role="progressbar" aria-label="Searching" />
          </p>
        )}
        {showList && !loading && preview.data?.source === 'saved' && (
          <p className="header-search__saved">From the catalogue saved on this device</p>
        )}
        {showList && !loading && preview.data?.source === 'browsed' && (
          <p className="header-search__saved">From the pages you have seen on this device</p>
        )}
        {showList && !loading && results.length === 0 && (
          <p className="header-search__status" role="status">
            No results found
          </p>
        )}
      </div>
    </form>
  );
}
