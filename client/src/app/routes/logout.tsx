import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { logoutAtom } from '../../features/auth/atoms/session-atoms';

/** /logout opened in the browser: signs out (session and token), then home. */
export default function LogoutRoute() {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  useEffect(() => {
    void logout().then(() => navigate('/', { replace: true }));
  }, [logout, navigate]);
  return (
    <Center py={80}>
      <Loader color="gavel" />
    </Center>
  );
}
