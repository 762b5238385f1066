import {
  AreaSeries,
  ColorType,
  createChart,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

import type { PricePoint } from '@touchline/contract';

export interface PriceChartProps {
  points: PricePoint[];
  /** Shows hours and minutes on the time axis (short ranges). */
  intraday: boolean;
  className?: string;
}

/** Chart times are drawn as UTC: shift each point by its local offset so the axis shows local time. */
function chartData(points: PricePoint[]) {
  const data: { time: UTCTimestamp; value: number }[] = [];
  for (const point of points) {
    const ms = Date.parse(point.at);
    if (!Number.isFinite(ms) || !Number.isFinite(point.price)) continue;
    const local = Math.floor((ms - new Date(ms).getTimezoneOffset() * 60_000) / 1000) as UTCTimestamp;
    // Times must strictly increase: a repeated second keeps the later price.
    const last = data[data.length - 1];
    if (last && local <= last.time) {
      if (local === last.time) last.value = point.price;
      continue;
    }
    data.push({ time: local, value: point.price });
  }
  return data;
}

/** jsdom has no canvas: the chart is only drawn in a real browser. */
const canDraw = () =>
  typeof window !== 'undefined' &&
  typeof ResizeObserver !== 'undefined' &&
  !/jsdom/i.test(window.navigator.userAgent);

const RISING = { lineColor: '#34d399', topColor: 'rgba(52, 211, 153, 0.35)' };
const FALLING = { lineColor: '#fb7185', topColor: 'rgba(251, 113, 133, 0.35)' };

/**
 * A player's price as a dark area chart (lightweight-charts v5). Loaded lazily: the charting library
 * stays out of the main bundle. The chart is built once per axis style; new points (a price tick
 * appends one to the cached history) go into the same series, so the line moves without a redraw
 * of the whole chart.
 */
export default function PriceChart({ points, intraday, className }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const chartRef = useRef<IChartApi | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !canDraw()) return;
    let chart: IChartApi | undefined;
    try {
      chart = createChart(container, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: '#94a3b8',
          fontSize: 11,
        },
        grid: {
          vertLines: { color: 'rgba(51, 65, 85, 0.35)' },
          horzLines: { color: 'rgba(51, 65, 85, 0.35)' },
        },
        rightPriceScale: { borderColor: 'rgba(51, 65, 85, 0.6)' },
        timeScale: {
          borderColor: 'rgba(51, 65, 85, 0.6)',
          timeVisible: intraday,
          secondsVisible: false,
        },
        crosshair: {
          vertLine: { color: '#64748b', style: LineStyle.Dashed, labelBackgroundColor: '#1e293b' },
          horzLine: { color: '#64748b', style: LineStyle.Dashed, labelBackgroundColor: '#1e293b' },
        },
        handleScroll: false,
        handleScale: false,
      });
      seriesRef.current = chart.addSeries(AreaSeries, {
        ...RISING,
        bottomColor: 'rgba(15, 23, 42, 0)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 0, minMove: 1 },
      });
      chartRef.current = chart;
    } catch (error) {
      console.warn('Price chart could not be drawn', error);
    }
    return () => {
      seriesRef.current = null;
      chartRef.current = null;
      chart?.remove();
    };
  }, [intraday]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const data = chartData(points);
    const rising = data.length < 2 || data[data.length - 1]!.value >= data[0]!.value;
    try {
      series.applyOptions(rising ? RISING : FALLING);
      series.setData(data);
      chartRef.current?.timeScale().fitContent();
    } catch (error) {
      console.warn('Price chart could not be drawn', error);
    }
  }, [points, intraday]);

  return <div ref={containerRef} data-testid="price-chart" className={className ?? 'h-56 w-full'} />;
}
