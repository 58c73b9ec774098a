// What the timesheet screens print: hours with two decimals, and an error's message.
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');
export const hoursText = (hours: number) => hours.toFixed(2);
