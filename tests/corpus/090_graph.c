// ARGS: 0 7
// Graph algorithms on a weighted adjacency matrix: BFS, iterative DFS, Dijkstra from argv source to target.
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>

#define V 9
static const int g[V][V] = {
    {0, 4, 0, 0, 0, 0, 0, 8, 0}, {4, 0, 8, 0, 0, 0, 0, 11, 0}, {0, 8, 0, 7, 0, 4, 0, 0, 2},
    {0, 0, 7, 0, 9, 14, 0, 0, 0}, {0, 0, 0, 9, 0, 10, 0, 0, 0}, {0, 0, 4, 14, 10, 0, 2, 0, 0},
    {0, 0, 0, 0, 0, 2, 0, 1, 6}, {8, 11, 0, 0, 0, 0, 1, 0, 7}, {0, 0, 2, 0, 0, 0, 6, 7, 0},
};

int main(int argc, char **argv) {
    int src = argc > 1 ? atoi(argv[1]) : 0, dst = argc > 2 ? atoi(argv[2]) : V - 1;
    int queue[V], seen[V] = {0}, head = 0, tail = 0, level[V];
    queue[tail++] = src; seen[src] = 1; level[src] = 0;
    printf("BFS:");
    while (head < tail) {
        int u = queue[head++];
        printf(" %d(L%d)", u, level[u]);
        for (int v = 0; v < V; v++) if (g[u][v] && !seen[v]) { seen[v] = 1; level[v] = level[u] + 1; queue[tail++] = v; }
    }
    int stack[V * V], sp = 0, visited[V] = {0};
    stack[sp++] = src;
    printf("\nDFS:");
    while (sp) {
        int u = stack[--sp];
        if (visited[u]) continue;
        visited[u] = 1;
        printf(" %d", u);
        for (int v = V - 1; v >= 0; v--) if (g[u][v] && !visited[v]) stack[sp++] = v;
    }
    int dist[V], prev[V], done[V] = {0};
    for (int i = 0; i < V; i++) { dist[i] = INT_MAX; prev[i] = -1; }
    dist[src] = 0;
    for (int k = 0; k < V; k++) {
        int u = -1;
        for (int i = 0; i < V; i++) if (!done[i] && (u < 0 || dist[i] < dist[u])) u = i;
        if (dist[u] == INT_MAX) break;
        done[u] = 1;
        for (int v = 0; v < V; v++)
            if (g[u][v] && !done[v] && dist[u] + g[u][v] < dist[v]) { dist[v] = dist[u] + g[u][v]; prev[v] = u; }
    }
    printf("\nDijkstra from %d:", src);
    for (int i = 0; i < V; i++) printf(" %d:%d", i, dist[i]);
    int path[V], n = 0;
    for (int at = dst; at >= 0; at = prev[at]) path[n++] = at;
    printf("\npath %d->%d (cost %d):", src, dst, dist[dst]);
    while (n) printf(" %d", path[--n]);
    printf("\n");
    int edges = 0, weight = 0;
    for (int i = 0; i < V; i++) for (int j = i + 1; j < V; j++) if (g[i][j]) { edges++; weight += g[i][j]; }
    printf("edges %d total weight %d\n", edges, weight);
    return 0;
}
