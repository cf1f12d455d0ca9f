import { describe, expect, it } from 'vitest';
import {
  CALL_ERRORS,
  callErrorPresentation,
  cartSaveError,
  ERROR_PAGE_TEXTS,
  errorPage,
  NO_ROUTE_MESSAGE,
  unknownMiddlewareMessage,
} from './error-catalogue.ts';
import { monthlyCapMessage } from './order-rules.ts';

describe('global handling of failed calls', () => {
  it('names each case with the spec title, presentation and duration', () => {
    expect(CALL_ERRORS[503]).toMatchObject({ presentation: 'warning', title: 'Servicio en mantenimiento' });
    expect(CALL_ERRORS[422]).toMatchObject({
      presentation: 'toast',
      title: 'Algunos datos introducidos son incorrectos',
      durationMs: 7000,
    });
    expect(CALL_ERRORS[419]).toMatchObject({
      presentation: 'toast',
      title: 'La sesión ha expirado',
      durationMs: 7000,
    });
    expect(CALL_ERRORS[413]).toMatchObject({
      presentation: 'toast',
      title: 'Fichero demasiado grande',
      durationMs: 7000,
    });
    expect(CALL_ERRORS[403]).toMatchObject({
      presentation: 'dialog',
      title: 'Datos Restringidos',
      linkHome: true,
    });
    expect(CALL_ERRORS[401]).toMatchObject({ presentation: 'toast', title: 'Autentificación denegada' });
    expect(CALL_ERRORS.timeout.title).toBe('Servidor no disponible, intentelo más tarde');
    expect(CALL_ERRORS.network.title).toBe('No es posible acceder al servicio');
    expect(CALL_ERRORS[503].durationMs).toBeUndefined();
  });

  it('shows the server message on a 401, except on the login pages and the user check', () => {
    expect(callErrorPresentation({ status: 401, message: 'Credenciales incorrectas' })).toMatchObject({
      title: 'Autentificación denegada',
      text: 'Credenciales incorrectas',
    });
    expect(callErrorPresentation({ status: 401 })?.text).toBe(CALL_ERRORS[401].text);
    expect(callErrorPresentation({ status: 401, message: 'x', isAuthCheck: true })).toBeNull();
  });

  it('puts the error message first on a network failure and advises checking the connection', () => {
    expect(callErrorPresentation({ status: 'network', message: 'La conexión se ha cerrado.' })?.text).toBe(
      'La conexión se ha cerrado. Comprueba tu conexión a internet.',
    );
    // The browsers' own English words for it say nothing more: left out.
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      expect(callErrorPresentation({ status: 'network', message })?.text).toBe(
        'Comprueba tu conexión a internet.',
      );
    }
    expect(callErrorPresentation({ status: 'network' })?.text).toBe('Comprueba tu conexión a internet.');
    expect(callErrorPresentation({ status: 'timeout' })?.title).toBe(
      'Servidor no disponible, intentelo más tarde',
    );
    expect(callErrorPresentation({ status: 419 })?.title).toBe('La sesión ha expirado');
  });

  it('leaves the statuses it does not name to the calling screen', () => {
    expect(callErrorPresentation({ status: 404 })).toBeNull();
    expect(callErrorPresentation({ status: 500, message: 'boom' })).toBeNull();
  });
});

describe('cart-save failures', () => {
  it('explains the monthly cap on 406', () => {
    expect(cartSaveError(406, { monthlyCapCents: 300000 })).toEqual({
      presentation: 'dialog',
      title: 'Limite de compra superado',
      text: 'Has superado el límite de compra mensual de 3.000,00\u00a0€. Revisa tu pedido o contacta con el laboratorio.',
    });
    expect(cartSaveError(406).text).toBe(
      'Has superado el límite de compra mensual. Revisa tu pedido o contacta con el laboratorio.',
    );
    expect(cartSaveError(406, { message: 'Límite mensual superado' }).text).toBe(
      'Límite mensual superado. Revisa tu pedido o contacta con el laboratorio.',
    );
    // The server's message says how much of the cap is left this month.
    expect(
      cartSaveError(406, { monthlyCapCents: 300000, message: monthlyCapMessage(300000, 295000, 10000) }).text,
    ).toBe(
      'Has superado el límite de compra mensual de 3.000,00\u00a0€: este mes llevas 2.950,00\u00a0€ en pedidos, te quedan 50,00\u00a0€ y este pedido suma 100,00\u00a0€. Revisa tu pedido o contacta con el laboratorio.',
    );
  });

  it('offers the way home on 403 and shows the server message otherwise', () => {
    expect(cartSaveError(403)).toMatchObject({ title: 'Acceso no disponible', linkHome: true });
    expect(cartSaveError(500, { message: 'Producto descatalogado' })).toMatchObject({
      presentation: 'toast',
      title: 'Error al guardar el pedido',
      text: 'Producto descatalogado',
      durationMs: 7000,
    });
  });

  it('says a save that got no answer as the call catalogue does, without the browser’s English', () => {
    expect(cartSaveError('network', { message: 'Failed to fetch' })).toEqual(CALL_ERRORS.network);
    expect(cartSaveError('network', { message: 'El servidor ha cerrado la conexión.' }).text).toBe(
      'El servidor ha cerrado la conexión. Comprueba tu conexión a internet.',
    );
    expect(cartSaveError('timeout')).toEqual(CALL_ERRORS.timeout);
    expect(cartSaveError(500).text).toBe('No se ha podido guardar el pedido. Inténtalo de nuevo.');
  });
});

describe('error pages', () => {
  it('have the spec texts for 404, 503 and 403', () => {
    expect(errorPage(404)).toEqual({
      status: 404,
      text: 'La página que estás buscando no existe.',
      linkHome: true,
    });
    expect(errorPage(503).text).toBe('La página esta en mantenimiento.');
    expect(errorPage(403).text).toBe('Este acceso no está disponible');
    expect(Object.keys(ERROR_PAGE_TEXTS)).toEqual(['403', '404', '503']);
  });

  it('show the status (500 by default) and the message otherwise', () => {
    expect(errorPage(undefined, unknownMiddlewareMessage('auth'))).toEqual({
      status: 500,
      text: 'Unknown middleware auth',
      linkHome: true,
    });
    expect(errorPage(502)).toEqual({
      status: 502,
      text: 'Se ha producido un error inesperado.',
      linkHome: true,
    });
    expect(NO_ROUTE_MESSAGE).toBe('This page could not be found');
  });
});
