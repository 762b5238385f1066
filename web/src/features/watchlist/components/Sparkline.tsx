import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

import type { PricePoint } from '@touchline/contract';

/** jsdom has no canvas: the line is only drawn in a real browser. */
const canDraw = () =>
  typeof window !== 'undefined' &&
  typeof ResizeObserver !== 'undefined' &&
  !/jsdom/i.test(window.navigator.userAgent);

function lineData(points: readonly PricePoint[]) {
  const data: { time: UTCTimestamp; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.at) / 1000) as UTCTimestamp;
    if (!Number.isFinite(time)) continue;
    const last = data[data.length - 1];
    if (last && time <= last.time) {
      if (time === last.time) last.value = point.price;
      continue;
    }
    data.push({ time, value: point.price });
  }
  return data;
}

/**
 * A watched player's last day as a small line without axes (lightweight-charts, loaded lazily with
 * this file); green when the day rose, red when it fell. A tick's new point joins the same series.
 */
export default function Sparkline({ points, label }: { points: readonly PricePoint[]; label: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<'Line'> | null>(null);
  const chartRef = useRef<IChartApi | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !canDraw()) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      rightPriceScale: { visible: false },
      leftPriceScale: { visible: false },
      timeScale: { visible: false },
      crosshair: { vertLine: { visible: false }, horzLine: { visible: false } },
      handleScroll: false,
      handleScale: false,
    });
    seriesRef.current = chart.addSeries(LineSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    chartRef.current = chart;
    return () => {
      seriesRef.current = null;
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const data = lineData(points);
    const rising = data.length < 2 || data[data.length - 1]!.value >= data[0]!.value;
    series.applyOptions({ color: rising ? '#34d399' : '#fb7185' });
    series.setData(data);
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return (
    <div ref={containerRef} role="img" aria-label={label} data-testid="sparkline" className="h-10 w-24" />
  );
}
