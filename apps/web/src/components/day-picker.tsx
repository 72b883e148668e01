// A day (or a day and time) picked in the zh_CN calendar and kept as the text the domain's rules read
// ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm'): forms hold and send that text, never a date object.
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Strict parsing of the stored text ('2026-02-30' is no day) needs the format plugin.
dayjs.extend(customParseFormat);

const DAY_FORMAT = 'YYYY-MM-DD';
const DAY_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export type DayPickerProps = {
  /** injected by Form.Item: the control's id, value and change handler */
  id?: string;
  value?: unknown;
  onChange?: (value: string) => void;
  /** pick the time (hours and minutes) as well */
  withTime?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
};

export function DayPicker({ id, value, onChange, withTime = false, disabled, ...rest }: DayPickerProps) {
  const format = withTime ? DAY_TIME_FORMAT : DAY_FORMAT;
  const parsed = typeof value === 'string' && value !== '' ? dayjs(value, format, true) : null;
  return (
    <DatePicker
      id={id}
      value={parsed?.isValid() === true ? parsed : null}
      format={format}
      showTime={withTime ? { format: 'HH:mm' } : false}
      onChange={(picked: Dayjs | null) => onChange?.(picked === null ? '' : picked.format(format))}
      aria-label={rest['aria-label']}
      disabled={disabled}
      style={{ width: 280 }}
    />
  );
}
