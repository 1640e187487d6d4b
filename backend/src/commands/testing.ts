import { expect } from 'vitest';
import type { Decider } from './handle';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an error class of any constructor signature
type ErrorClass = abstract new (...args: any[]) => Error;

function isErrorClass(check: ErrorClass | ((error: unknown) => boolean)): check is ErrorClass {
  return check === Error || check.prototype instanceof Error;
}

/** Given/when/then for deciders: `given(decider, events).when(command, { now }).then(expectedEvents)`. */
export function given<Command, Event extends { type: string; data: unknown }, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[] = [],
) {
  return {
    when(command: Command, ctx: { now?: Date } = {}) {
      const decide = () => {
        const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
        return decider.decide(command, state, { now: ctx.now ?? new Date() });
      };
      return {
        then(expected: readonly Event[]): void {
          expect(decide()).toEqual(expected);
        },
        /** An error class (instanceof) or a predicate over the thrown value. */
        thenThrows(check: ErrorClass | ((error: unknown) => boolean)): void {
          let thrown: { error: unknown } | null = null;
          try {
            decide();
          } catch (error) {
            thrown = { error };
          }
          expect(thrown, 'expected decide to throw').not.toBeNull();
          if (isErrorClass(check)) expect(thrown?.error).toBeInstanceOf(check);
          else expect(check(thrown?.error), `predicate rejected ${String(thrown?.error)}`).toBe(true);
        },
      };
    },
  };
}
