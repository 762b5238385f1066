/**
 * The tab strip's look, shared by the Radix tabs and the light tabs of the first screen. A strip with
 * more tabs than a 360-px phone holds scrolls inside itself, never the page (issue 43, item 13).
 */
export const tabsListClass =
  'flex w-full items-center gap-1 overflow-x-auto rounded-xl border border-white/5 bg-slate-900/80 p-1';

export const tabsTriggerClass = [
  'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold',
  'text-slate-400 transition-colors hover:text-slate-200',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
  'data-[state=active]:bg-emerald-500 data-[state=active]:text-slate-950 data-[state=active]:shadow',
  'disabled:pointer-events-none disabled:opacity-50',
].join(' ');

export const tabsContentClass = 'mt-4 focus-visible:outline-none';
