struct Point { double X, Y, Z; };
struct Mesh { double V[130]; };
Point *make() { return new Point; }
Mesh *mesh() {
  return new Mesh;
}
