// Strongly connected components (Tarjan, iterative): an edge whose ends lie in different components is on no
// cycle, so no ring can use it (ADR 080 "Pruning").

/** Component id per node; nodes in one component share an id. Edges are given sorted by `from` (CSR start). */
export function stronglyConnected(nodes: number, start: Int32Array, to: Int32Array): Int32Array {
  const comp = new Int32Array(nodes).fill(-1);
  const low = new Int32Array(nodes);
  const order = new Int32Array(nodes).fill(-1);
  const onStack = new Uint8Array(nodes);
  const stack: number[] = [];
  const callNode: number[] = [];
  const callEdge: number[] = [];
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < nodes; root++) {
    if (order[root] !== -1) continue;
    callNode.push(root);
    callEdge.push(start[root]);
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callNode.length > 0) {
      const v = callNode[callNode.length - 1];
      const e = callEdge[callEdge.length - 1];
      if (e < start[v + 1]) {
        callEdge[callEdge.length - 1] = e + 1;
        const w = to[e];
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callNode.push(w);
          callEdge.push(start[w]);
        } else if (onStack[w] && order[w] < low[v]) low[v] = order[w];
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] === order[v]) {
        for (;;) {
          const w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = comps;
          if (w === v) break;
        }
        comps++;
      }
    }
  }
  return comp;
}

export function csrStart(nodes: number, from: Int32Array): Int32Array {
  const start = new Int32Array(nodes + 1);
  for (let e = 0; e < from.length; e++) start[from[e] + 1]++;
  for (let i = 0; i < nodes; i++) start[i + 1] += start[i];
  return start;
}
