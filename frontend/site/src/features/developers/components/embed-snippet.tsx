import { useId, useMemo, useState, type ReactNode } from 'react';
import { EMBED_DEFAULT_LIMIT, feedPath } from '@jobs/contracts/open-data';
import { INDUSTRIES, JOB_TYPE_FILTER_OPTIONS, STATED_EXPERIENCE_LEVELS } from '@jobs/contracts/jobs';
import { Button } from '../../../components/ui/button';

interface EmbedChoice {
  title: string;
  location: string;
  experienceLevel: string;
  type: string;
  industry: string;
  isRemote: string;
  limit: string;
}

const INITIAL: EmbedChoice = {
  title: '',
  location: '',
  experienceLevel: '',
  type: '',
  industry: '',
  isRemote: '',
  limit: String(EMBED_DEFAULT_LIMIT),
};

const field =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice(props: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label}>
      {(id) => (
        <select
          id={id}
          className={field}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">Any</option>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Choose filters, see the list as it will look, copy the <iframe>. */
export function EmbedSnippet() {
  const [choice, setChoice] = useState<EmbedChoice>(INITIAL);
  const [copied, setCopied] = useState(false);
  const set = (name: keyof EmbedChoice) => (value: string) => {
    setCopied(false);
    setChoice((c) => ({ ...c, [name]: value }));
  };

  const src = useMemo(
    () =>
      `${window.location.origin}${feedPath('embed', {
        ...choice,
        limit: choice.limit === String(EMBED_DEFAULT_LIMIT) ? undefined : choice.limit,
      })}`,
    [choice],
  );
  const snippet = `<iframe src="${src.replace(/&/g, '&amp;')}" title="Remote jobs" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;

  async function copy() {
    await navigator.clipboard.writeText(snippet);
    setCopied(true);
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Keywords">
          {(id) => (
            <input
              id={id}
              className={field}
              value={choice.title}
              placeholder="e.g. React"
              onChange={(e) => set('title')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Location">
          {(id) => (
            <input
              id={id}
              className={field}
              value={choice.location}
              placeholder="e.g. Germany or All Europe"
              onChange={(e) => set('location')(e.target.value)}
            />
          )}
        </Field>
        <Choice
          label="Job type"
          value={choice.type}
          options={JOB_TYPE_FILTER_OPTIONS}
          onChange={set('type')}
        />
        <Choice
          label="Experience level"
          value={choice.experienceLevel}
          options={STATED_EXPERIENCE_LEVELS}
          onChange={set('experienceLevel')}
        />
        <Choice label="Industry" value={choice.industry} options={INDUSTRIES} onChange={set('industry')} />
        <Field label="Work type">
          {(id) => (
            <select
              id={id}
              className={field}
              value={choice.isRemote}
              onChange={(e) => set('isRemote')(e.target.value)}
            >
              <option value="">All Jobs</option>
              <option value="true">Remote &amp; Hybrid</option>
              <option value="false">On-site Only</option>
            </select>
          )}
        </Field>
        <Field label="Jobs listed">
          {(id) => (
            <select
              id={id}
              className={field}
              value={choice.limit}
              onChange={(e) => set('limit')(e.target.value)}
            >
              {['5', '10', '20', '50'].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <Field label="Your snippet">
        {(id) => (
          <textarea
            id={id}
            readOnly
            rows={3}
            value={snippet}
            className="w-full rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900"
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <Button type="button" onClick={() => void copy()}>
          Copy snippet
        </Button>
        <span role="status" className="text-sm text-green-700">
          {copied ? 'Copied to the clipboard.' : ''}
        </span>
      </div>

      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">Preview</p>
        <iframe
          src={src}
          title="Preview of the embedded job list"
          className="h-[480px] w-full rounded-md border border-slate-200"
          loading="lazy"
        />
      </div>
    </div>
  );
}
