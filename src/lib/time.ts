import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times travel in UTC; screens show Beijing time (UTC+8). */
export function beijingTime(iso: string): string {
  return dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm:ss');
}
