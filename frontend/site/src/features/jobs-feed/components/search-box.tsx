import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { SUGGESTION_MIN_CHARS, suggestionsQueryOptions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** Spec section 9. */
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTIONS_HIDE_AFTER_BLUR_MS = 200;

export interface SearchBoxProps {
  /** The feed's title filter. */
  value: string;
  /** Called on every keystroke (the feed follows at once) and when a suggestion is chosen. */
  onChange: (title: string) => void;
}

/**
 * The hero's search: an ARIA combobox whose listbox offers suggestions from 2 characters (debounced
 * 300 ms). Arrow keys move through them, Enter or a click runs the search, Escape closes the list,
 * and the list hides 200 ms after the box loses focus (so a click on a suggestion still lands).
 */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const inputId = useId();

  // Values this box sent that the filter has not caught up with yet. The URL (and so `value`) follows
  // a keystroke in a transition, so while typing fast `value` trails the text: those are not resets.
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const incoming = value.trim();
    if (sent.current.has(incoming)) {
      if (incoming === [...sent.current].at(-1)) sent.current.clear();
      return;
    }
    // The filter changed elsewhere (Clear, a chip, the URL): show it.
    sent.current.clear();
    setText((current) => (current.trim() === incoming ? current : value));
  }, [value]);
  const send = (title: string) => {
    sent.current.delete(title.trim());
    sent.current.add(title.trim());
    onChange(title);
  };
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  const wanted = open && typed.length >= SUGGESTION_MIN_CHARS;
  const suggestions = useQuery(suggestionsQueryOptions(wanted ? debounced : ''));
  const options = wanted ? (suggestions.data ?? []) : [];
  const expanded = wanted && options.length > 0;

  // New suggestions: nothing is highlighted until the user moves to one.
  useEffect(() => setActive(-1), [suggestions.data]);

  function choose(suggestion: string) {
    setText(suggestion);
    send(suggestion);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const last = options.length - 1;
      setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = expanded && active >= 0 ? options[active] : undefined;
      if (chosen !== undefined) choose(chosen);
      else setOpen(false);
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    // A plain GET form: with JavaScript off, Enter opens /?search=… (rendered by the server); with it on, the
    // feed follows the typing and submitting changes nothing.
    <form method="get" action="/" className="relative w-full" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={inputId} className="sr-only">
        Search jobs
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400"
      />
      <input
        id={inputId}
        name="search"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search for jobs, skills, companies..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          send(event.target.value);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => setOpen(false), SUGGESTIONS_HIDE_AFTER_BLUR_MS);
        }}
        onKeyDown={onKeyDown}
        className="h-14 w-full rounded-xl border border-slate-300 bg-white pr-4 pl-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white py-1 text-left shadow-lg"
      >
        {expanded &&
          options.map((option, i) => (
            <li
              key={option}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
              className={cn(
                'cursor-pointer px-4 py-2 text-sm text-slate-800',
                i === active && 'bg-brand-50 text-brand-800',
              )}
            >
              {option}
            </li>
          ))}
      </ul>
    </form>
  );
}
