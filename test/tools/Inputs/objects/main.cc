struct Point;
struct Node;
Point *makePoint();
Node *makeNode();
char *buffer();
int main() { return !makePoint() + !makeNode() + !buffer(); }
