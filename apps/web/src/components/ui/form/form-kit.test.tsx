import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckField } from './check-field.tsx';
import { FileField } from './file-field.tsx';
import { SelectField } from './select-field.tsx';
import { SwitchField } from './switch-field.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';

describe('form kit', () => {
  it('ties a text field to its label, hint and error for screen readers', () => {
    const { rerender } = render(<TextField id="name" label="Name" value="" onChange={() => undefined} hint="As on the badge." />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('As on the badge.');
    expect(input).not.toBeInvalid();
    expect(input).toHaveAttribute('autocomplete', 'off');

    rerender(<TextField id="name" label="Name" value="" onChange={() => undefined} hint="As on the badge." error="Enter a name." />);
    expect(input).toBeInvalid();
    expect(input).toHaveClass('is-invalid');
    expect(input).toHaveAccessibleDescription('Enter a name. As on the badge.');
  });

  it('floats the label inside the box and adds the page’s error list to the description', () => {
    render(
      <>
        <TextField floating id="mail" label="E-mail" type="email" value="" onChange={() => undefined} invalid aria-describedby="errors" />
        <ul id="errors">
          <li>E-mail is required</li>
        </ul>
      </>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input.parentElement).toHaveClass('form-floating');
    expect(input).toHaveAttribute('placeholder', 'E-mail');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('E-mail is required');
    expect(input).not.toHaveAttribute('autocomplete');
  });

  it('passes what is typed and chosen back to the page', async () => {
    const user = userEvent.setup();
    function Form() {
      const [text, setText] = useState('');
      const [level, setLevel] = useState<'Region' | 'Zone'>('Region');
      const [on, setOn] = useState(false);
      return (
        <>
          <TextField id="t" label="Text" value={text} onChange={setText} />
          <SelectField id="s" label="Level" value={level} onChange={setLevel} options={['Region', 'Zone']} error={level === 'Zone' ? 'Not yet.' : null} />
          <CheckField id="c" label="Walk-ins" checked={on} onChange={setOn} />
          <output>{`${text}|${level}|${on}`}</output>
        </>
      );
    }
    render(<Form />);
    await user.type(screen.getByLabelText('Text'), 'abc');
    await user.selectOptions(screen.getByLabelText('Level'), 'Zone');
    await user.click(screen.getByLabelText('Walk-ins'));
    expect(screen.getByRole('status')).toHaveTextContent('abc|Zone|true');
    expect(screen.getByLabelText('Level')).toBeInvalid();
    expect(screen.getByLabelText('Level')).toHaveAccessibleDescription('Not yet.');
  });

  it('draws a switch as a checkbox with the switch role, its hint and error read with it', async () => {
    const user = userEvent.setup();
    function Form() {
      const [on, setOn] = useState(false);
      return <SwitchField id="v" label="Attends virtually" checked={on} onChange={setOn} hint="Only if the event offers it." error={on ? 'Not offered.' : null} />;
    }
    render(<Form />);
    const box = screen.getByRole('switch', { name: 'Attends virtually' });
    expect(box).toHaveAttribute('type', 'checkbox');
    expect(box.parentElement).toHaveClass('form-check', 'form-switch');
    expect(box).not.toBeChecked();
    expect(box).not.toBeInvalid();
    expect(box).toHaveAccessibleDescription('Only if the event offers it.');

    await user.click(box);
    expect(box).toBeChecked();
    expect(box).toBeInvalid();
    expect(box).toHaveClass('is-invalid');
    expect(box).toHaveAccessibleDescription('Not offered. Only if the event offers it.');
  });

  it('gives a check box its error and hint too', () => {
    render(<CheckField id="c" label="Include sensitive answers" checked={false} onChange={() => undefined} error="Choose at least one." hint="Health, accessibility." />);
    const box = screen.getByRole('checkbox', { name: 'Include sensitive answers' });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Choose at least one. Health, accessibility.');
  });

  it('ties a text area to its label, hint and error and passes the lines typed back', async () => {
    const user = userEvent.setup();
    function Form() {
      const [text, setText] = useState('');
      return (
        <>
          <TextAreaField id="o" label="Options" rows={4} maxLength={50} value={text} onChange={setText} hint="One a line." error={text.includes('!') ? 'No ! please.' : undefined} />
          <output>{text}</output>
        </>
      );
    }
    render(<Form />);
    const area = screen.getByLabelText('Options');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '4');
    expect(area).toHaveAttribute('maxlength', '50');
    expect(area).toHaveAttribute('autocomplete', 'off');
    expect(area).toHaveAccessibleDescription('One a line.');
    expect(area).not.toBeInvalid();

    await user.type(area, 'a{enter}b!');
    expect(screen.getByRole('status').textContent).toBe('a\nb!');
    expect(area).toBeInvalid();
    expect(area).toHaveAccessibleDescription('No ! please. One a line.');
  });

  it('hands the chosen file to the page and shows the file field’s error', async () => {
    const user = userEvent.setup();
    const chosen: (File | null)[] = [];
    const { rerender } = render(<FileField id="f" label="CSV file" accept=".csv" onChange={(file) => chosen.push(file)} />);
    const input = screen.getByLabelText('CSV file');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv');
    expect(input).not.toBeInvalid();
    expect(input).not.toHaveAccessibleDescription();

    await user.upload(input, new File(['a,b\n'], 'rows.csv', { type: 'text/csv' }));
    expect(chosen.map((file) => file?.name)).toEqual(['rows.csv']);

    rerender(<FileField id="f" label="CSV file" accept=".csv" onChange={(file) => chosen.push(file)} error="Choose a CSV file." />);
    expect(input).toBeInvalid();
    expect(input).toHaveClass('form-control', 'is-invalid');
    expect(input).toHaveAccessibleDescription('Choose a CSV file.');
  });

  it('makes a small text field with a hidden label for a table row', () => {
    render(<TextField id="p" label="New position" labelClassName="visually-hidden" className="" size="sm" type="number" value="2" onChange={() => undefined} />);
    const input = screen.getByLabelText('New position');
    expect(input).toHaveClass('form-control', 'form-control-sm');
    expect(screen.getByText('New position')).toHaveClass('visually-hidden', 'form-label');
  });
});
