import { Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="There is no console page at this address."
      extra={<Link to="/">Go to the console home</Link>}
    />
  );
}
