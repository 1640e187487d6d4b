import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { Continent } from '@jobs/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useFilterOptions } from '../api/get-filter-options';
import {
  JOB_TYPE_OPTIONS,
  REMOTE_WORLDWIDE,
  SALARY_OPTIONS,
  TIMEZONE_OPTIONS,
  TZ_HOURS_OPTIONS,
  WORK_TYPE_OPTIONS,
  type FeedFilters,
  type FilterName,
} from '../filters';
import type { FilterMenuTrigger } from './filter-menu';
import { panelClasses, Submenu, SubmenuLayout, useNarrowScreen } from './filter-submenu';

/** Every continent gets a submenu, in this order, even before the options arrive. */
const CONTINENTS: readonly Continent[] = [
  'North America',
  'South America',
  'Europe',
  'Asia',
  'Africa',
  'Oceania',
];

const itemClasses =
  'relative flex cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[state=checked]:font-semibold';

/** On a phone, room below the Filters button for the menu: the page scrolls it up under the sticky header. */
const HEADER_HEIGHT = 64;
const ROOM_WANTED = 0.6;

function Option({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Menu.RadioItem value={value} className={itemClasses}>
      <Menu.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden="true" className="h-4 w-4" />
      </Menu.ItemIndicator>
      {children}
    </Menu.RadioItem>
  );
}

function Choice({
  name,
  filters,
  onChange,
  children,
}: {
  name: FilterName;
  filters: FeedFilters;
  onChange: (name: FilterName, value: string) => void;
  children: ReactNode;
}) {
  return (
    <Menu.RadioGroup value={filters[name]} onValueChange={(value) => onChange(name, value)}>
      {children}
    </Menu.RadioGroup>
  );
}

export interface FilterMenuContentProps {
  filters: FeedFilters;
  onChange: (name: FilterName, value: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: FilterMenuTrigger;
}

/** The Radix menu with a submenu per filter group (spec section 2, Home). Loaded on first use. */
export default function FilterMenuContent({
  filters,
  onChange,
  open,
  onOpenChange,
  trigger,
}: FilterMenuContentProps) {
  const options = useFilterOptions();
  const levels = options.data?.experienceLevels ?? [];
  const places = options.data?.locationsByContinent ?? {};
  const narrow = useNarrowScreen();
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = triggerRef.current;
    if (!open || !narrow || !button) return;
    // The groups expand in place: give them most of the screen rather than the strip under the button.
    const top = button.getBoundingClientRect().top;
    if (window.innerHeight - top < window.innerHeight * ROOM_WANTED)
      window.scrollBy({ top: top - HEADER_HEIGHT - 8 });
  }, [open, narrow]);
  const choice = (name: FilterName, children: ReactNode) => (
    <Choice name={name} filters={filters} onChange={onChange}>
      {children}
    </Choice>
  );

  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger({})}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className={narrow ? `${panelClasses} w-[calc(100vw-16px)]` : panelClasses}
        >
          <SubmenuLayout narrow={narrow}>
            <Submenu label="Experience Level">
              {choice(
                'experienceLevel',
                <>
                  <Option value="">Any Level</Option>
                  {levels.map((level) => (
                    <Option key={level} value={level}>
                      {level}
                    </Option>
                  ))}
                </>,
              )}
            </Submenu>
            <Submenu label="Job Type">
              {choice(
                'type',
                <>
                  <Option value="">Any Type</Option>
                  {JOB_TYPE_OPTIONS.map((type) => (
                    <Option key={type} value={type}>
                      {type}
                    </Option>
                  ))}
                </>,
              )}
            </Submenu>
            <Submenu label="Salary Range">
              {choice(
                'salary',
                <>
                  <Option value="">Any Salary</Option>
                  {SALARY_OPTIONS.map((range) => (
                    <Option key={range} value={range}>
                      {range}
                    </Option>
                  ))}
                </>,
              )}
            </Submenu>
            <Submenu label="Location">
              {choice(
                'location',
                <>
                  <Option value="">Any Location</Option>
                  <Option value={REMOTE_WORLDWIDE}>{REMOTE_WORLDWIDE}</Option>
                </>,
              )}
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              {CONTINENTS.map((continent) => (
                <Submenu key={continent} label={continent}>
                  {choice(
                    'location',
                    <>
                      <Option value={`All ${continent}`}>All {continent}</Option>
                      <Option value={`Remote in ${continent}`}>Remote in {continent}</Option>
                      {(places[continent] ?? []).map((place) => (
                        <Option key={place} value={place}>
                          {place}
                        </Option>
                      ))}
                    </>,
                  )}
                </Submenu>
              ))}
            </Submenu>
            <Submenu label="I can work from">
              {choice('workFrom', <Option value="">Anywhere</Option>)}
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              {CONTINENTS.map((continent) => (
                <Submenu key={continent} label={continent}>
                  {choice(
                    'workFrom',
                    (places[continent] ?? []).map((place) => (
                      <Option key={place} value={place}>
                        {place}
                      </Option>
                    )),
                  )}
                </Submenu>
              ))}
            </Submenu>
            <Submenu label="My time zone">
              {/* First, not under 27 zones: below them it was out of sight on a laptop screen. */}
              <Submenu
                label="Hours either way"
                detail={
                  filters.tz ? TZ_HOURS_OPTIONS.find((h) => h.value === filters.tzHours)?.label : undefined
                }
              >
                {choice(
                  'tzHours',
                  TZ_HOURS_OPTIONS.map((hours) => (
                    <Option key={hours.value} value={hours.value}>
                      {hours.label}
                    </Option>
                  )),
                )}
              </Submenu>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              {choice(
                'tz',
                <>
                  <Option value="">Any time zone</Option>
                  {TIMEZONE_OPTIONS.map((tz) => (
                    <Option key={tz.value} value={tz.value}>
                      {tz.label}
                    </Option>
                  ))}
                </>,
              )}
            </Submenu>
            <Submenu label="Work Type">
              {choice(
                'isRemote',
                WORK_TYPE_OPTIONS.map((option) => (
                  <Option key={option.label} value={option.value}>
                    {option.label}
                  </Option>
                )),
              )}
            </Submenu>
          </SubmenuLayout>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
