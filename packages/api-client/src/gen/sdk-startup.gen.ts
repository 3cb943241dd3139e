// This file is written by packages/server/scripts/gen-api.ts from sdk.gen.ts: the calls made at start-up.

import type { Options } from './sdk.gen';
import { client } from './client.gen';
import type { GetMeData, GetMeErrors, GetMeResponses, GetPortfolioData, GetPortfolioErrors, GetPortfolioResponses, ListPortfoliosData, ListPortfoliosErrors, ListPortfoliosResponses, LoginData, LoginErrors, LoginResponses } from './types.gen';

export const login = <ThrowOnError extends boolean = false>(options: Options<LoginData, ThrowOnError>) => (options.client ?? client).post<LoginResponses, LoginErrors, ThrowOnError>({
    url: '/auth/login',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});


export const getMe = <ThrowOnError extends boolean = false>(options?: Options<GetMeData, ThrowOnError>) => (options?.client ?? client).get<GetMeResponses, GetMeErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/auth/me',
    ...options
});


export const listPortfolios = <ThrowOnError extends boolean = false>(options?: Options<ListPortfoliosData, ThrowOnError>) => (options?.client ?? client).get<ListPortfoliosResponses, ListPortfoliosErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/portfolios',
    ...options
});


export const getPortfolio = <ThrowOnError extends boolean = false>(options: Options<GetPortfolioData, ThrowOnError>) => (options.client ?? client).get<GetPortfolioResponses, GetPortfolioErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/portfolios/{id}',
    ...options
});

