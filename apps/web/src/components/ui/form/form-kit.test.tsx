import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckField } from './check-field.tsx';
import { SelectField } from './select-field.tsx';
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
});
