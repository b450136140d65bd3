// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

afterEach(cleanup);

function Stepper({ max, start = 1 }: { max: number; start?: number }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} max={max} onChange={setValue} />;
}

const minus = () => screen.getByRole('button', { name: 'Ein Ticket weniger' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'Ein Ticket mehr' }) as HTMLButtonElement;
const shown = () => screen.getByTestId('quantity').textContent;

describe('QuantityStepper', () => {
  it('starts at 1 with − disabled and counts up to the maximum, then stops', () => {
    render(<Stepper max={3} />);
    expect(shown()).toBe('1');
    expect(minus().disabled).toBe(true);
    fireEvent.click(plus());
    fireEvent.click(plus());
    expect(shown()).toBe('3');
    expect(plus().disabled).toBe(true);
    fireEvent.click(plus()); // a disabled button changes nothing
    expect(shown()).toBe('3');
    fireEvent.click(minus());
    expect(shown()).toBe('2');
    expect(plus().disabled).toBe(false);
  });

  it('never goes below 1', () => {
    render(<Stepper max={5} start={2} />);
    fireEvent.click(minus());
    expect(shown()).toBe('1');
    expect(minus().disabled).toBe(true);
  });

  it('with one ticket left both buttons are disabled', () => {
    render(<Stepper max={1} />);
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });

  it('is a labelled group', () => {
    render(<Stepper max={4} />);
    expect(screen.getByRole('group', { name: 'Anzahl Tickets' })).toBeTruthy();
  });
});
