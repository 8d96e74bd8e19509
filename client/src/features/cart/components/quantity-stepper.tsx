import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@shared/schemas/cart.schema';

/**
 * Quantity stepper 1-99: minus disabled at 1, plus disabled at 99 (or at `max` units on sale),
 * typed values clamped. Source: spec/shopping.md §5 "Cart".
 */
export function QuantityStepper({
  value,
  onChange,
  max = CART_QUANTITY_MAX,
  disabled,
  label,
}: {
  value: number;
  onChange: (q: number) => void;
  max?: number;
  disabled?: boolean;
  label: string;
}) {
  const top = Math.max(CART_QUANTITY_MIN, Math.min(CART_QUANTITY_MAX, max));
  const [text, setText] = useState<string | number>(value);
  useEffect(() => setText(value), [value]);
  const commit = (v: string | number) => {
    const n = Math.min(top, Math.max(CART_QUANTITY_MIN, Math.floor(Number(v) || CART_QUANTITY_MIN)));
    setText(n);
    if (n !== value) onChange(n);
  };
  return (
    <Group gap={4} wrap="nowrap" data-testid="quantity-stepper">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || value <= CART_QUANTITY_MIN}
        onClick={() => commit(value - 1)}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <NumberInput
        value={text}
        onChange={setText}
        onBlur={() => commit(text)}
        onKeyDown={(e) => e.key === 'Enter' && commit(text)}
        min={CART_QUANTITY_MIN}
        max={top}
        clampBehavior="strict"
        hideControls
        allowDecimal={false}
        allowNegative={false}
        w={48}
        size="xs"
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
        aria-label={`Quantity of ${label}`}
        disabled={disabled}
        data-testid="quantity-input"
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || value >= top}
        onClick={() => commit(value + 1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}
