import { Button, Form, Input } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { validationMessages } from '../../../shared/errors/messages';
import { zipCode } from '../../../shared/validation/address-rules';

/** The zip code a pharmacy map is centred on (checked with the address rules before sending). */
export function ZipSearch(props: {
  initialZip: string;
  onSearch: (zip: string) => void;
  searching?: boolean;
}) {
  const [zip, setZip] = useState(props.initialZip);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setZip((current) => current || props.initialZip);
  }, [props.initialZip]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zipCode.safeParse(zip);
    if (!parsed.success) {
      setError(validationMessages.zipCodeError);
      return;
    }
    setError(null);
    props.onSearch(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="zip-search">
      <Form.Item
        label="Zip code"
        htmlFor="map-zip"
        validateStatus={error ? 'error' : undefined}
        help={error}
        layout="vertical"
      >
        <div className="inline-search">
          <Input
            id="map-zip"
            value={zip}
            inputMode="numeric"
            autoComplete="postal-code"
            onChange={(event) => {
              setZip(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
          />
          <Button type="primary" htmlType="submit" loading={props.searching}>
            SEARCH
          </Button>
        </div>
      </Form.Item>
    </form>
  );
}
