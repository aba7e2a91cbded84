// The Worker bench/swap-solve-workerd.ts runs in workerd: GET /gen?items=&wants= builds an instance and keeps it
// in the isolate, GET /solve?kind= solves it. workerd's clocks stand still while a request computes, so the time
// is taken outside, around the /solve request.
import type { SwapInput } from "../app/features/swap-days/solver/types";
import { mathTrade, solveKind, type Kind } from "./swap-instance";

let instance: SwapInput | undefined;

export default {
  fetch(request: Request): Response {
    const url = new URL(request.url);
    if (url.pathname === "/gen") {
      instance = mathTrade(Number(url.searchParams.get("items")), Number(url.searchParams.get("wants")), 1);
      return new Response("ok");
    }
    if (!instance) return new Response("no instance", { status: 409 });
    const result = solveKind(instance, url.searchParams.get("kind") as Kind);
    return Response.json({ traded: result.itemsTraded, optimal: result.optimal, bound: result.upperBound });
  },
};
