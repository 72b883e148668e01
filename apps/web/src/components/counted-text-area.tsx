// BF-5.3: a textarea whose counter weighs a Chinese character 2 and full-width punctuation 4 (the domain's
// countText), and which refuses what would go past the maximum: typing stops and a paste is cut at the limit.
import { Input } from 'antd';
import type { ComponentProps } from 'react';
import { TEXTAREA_DEFAULT_MAX } from '@cqjy/domain/validation/return-reason';
import { countText, truncateText } from '@cqjy/domain/validation/text-counter';

export type CountedTextAreaProps = Omit<
  ComponentProps<typeof Input.TextArea>,
  'count' | 'maxLength' | 'showCount'
> & {
  /** the weighted maximum (1000 unless given) */
  max?: number;
};

export function CountedTextArea({ max = TEXTAREA_DEFAULT_MAX, ...rest }: CountedTextAreaProps) {
  return (
    <Input.TextArea
      {...rest}
      count={{
        show: true,
        max,
        strategy: countText,
        exceedFormatter: (value, { max: limit }) => truncateText(value, limit),
      }}
    />
  );
}
