import { LogoMark } from '@/components/Logo';

const tilt = ['-rotate-6 translate-y-1', 'z-10 -translate-y-1 scale-105', 'rotate-6 translate-y-1'];

/** 'Sign up now and get:' with three face-down cards. */
export function StarterPackPromo() {
  return (
    <section
      aria-labelledby="starter-pack-promo"
      className="rounded-2xl border border-amber-400/20 bg-linear-to-b from-amber-400/10 to-transparent p-5 text-center"
    >
      <h2 id="starter-pack-promo" className="text-sm font-bold tracking-wide text-amber-300 uppercase">
        Sign up now and get:
      </h2>
      <div className="flex justify-center gap-3 py-5" aria-hidden>
        {tilt.map((transform, index) => (
          <div
            key={index}
            data-testid="starter-card-placeholder"
            className={`relative flex h-28 w-20 items-center justify-center overflow-hidden rounded-xl border border-emerald-300/30 bg-linear-to-br from-emerald-600 via-emerald-800 to-slate-900 shadow-lg shadow-black/40 ${transform}`}
          >
            <div className="absolute inset-1.5 rounded-lg border border-white/15" />
            <div className="absolute inset-x-0 top-1/2 h-px bg-white/10" />
            <div className="absolute top-1/2 left-1/2 size-10 -translate-x-1/2 -translate-y-1/2 rounded-full border border-white/10" />
            <LogoMark className="relative size-7 opacity-90" />
          </div>
        ))}
      </div>
      <p className="text-sm font-medium text-slate-200">3 random player cards to start your collection!</p>
    </section>
  );
}
