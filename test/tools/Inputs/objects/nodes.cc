struct Node { Node *Next; long Value; };
Node *makeNode() { return new Node; }
char *buffer() { return new char[2000]; }
