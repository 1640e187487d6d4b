import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Job } from '../api/get-job';
import { CompanyProfileTab } from './company-profile-tab';
import { JobDetailsTab } from './job-details-tab';

const trigger =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';
const active = 'bg-white text-slate-900 shadow-sm';
const panel = 'p-6 focus-visible:outline-2 focus-visible:outline-brand-600';

const TABS = [
  { value: 'details', label: 'Job Details' },
  { value: 'company', label: 'Company Profile' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * The WAI-ARIA tabs pattern (automatic activation, roving tabindex, arrow keys, Home/End) in a few lines
 * instead of @radix-ui/react-tabs, which with its collection, roving-focus and presence parts weighed
 * ~10 KB gzip of the job page's JavaScript (docs/performance.md). Same markup on the server and the
 * client. Both panels hold their content from the first HTML (issue 23: a crawler or a reader without
 * JavaScript gets the company too); the inactive one is `hidden`.
 */
export function JobTabs({ job }: { job: Job }) {
  const [selected, setSelected] = useState<TabValue>('details');
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.value === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(TABS[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-orientation="horizontal"
        aria-label="Job information"
        className="flex gap-1 rounded-lg bg-slate-100 p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab, i) => {
          const on = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={on}
              aria-controls={`${id}-panel-${tab.value}`}
              data-state={on ? 'active' : 'inactive'}
              tabIndex={on ? 0 : -1}
              className={cn(trigger, on && active)}
              onClick={() => setSelected(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <Card className="mt-3">
        {TABS.map((tab) => {
          const on = tab.value === selected;
          return (
            <div
              key={tab.value}
              role="tabpanel"
              id={`${id}-panel-${tab.value}`}
              aria-labelledby={`${id}-tab-${tab.value}`}
              data-state={on ? 'active' : 'inactive'}
              hidden={!on}
              tabIndex={0}
              className={panel}
            >
              {tab.value === 'details' ? (
                <JobDetailsTab job={job} />
              ) : (
                <CompanyProfileTab job={job} active={on} />
              )}
            </div>
          );
        })}
      </Card>
    </div>
  );
}
