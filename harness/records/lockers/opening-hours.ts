// Opening hours a test sends on the wire (§2.1: accessMode ALWAYS or SCHEDULED, a weeklySchedule whose entries'
// structure is not shown; no request table lists openingHours, so a target may refuse them or keep its own).

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

/** Scheduled hours open on `days` only. */
export const scheduledOn = (days: readonly string[]) => ({
  accessMode: 'SCHEDULED',
  weeklySchedule: days.map((day) => ({ day, from: '08:00', to: '20:00' })),
  exceptions: [],
});

/** Scheduled hours open every day but the one `now` falls on (UTC): a locker closed today. */
export const closedOn = (now: Date) => scheduledOn(DAYS.filter((_, i) => i !== now.getUTCDay()));
