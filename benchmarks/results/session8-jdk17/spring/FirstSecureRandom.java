public class J { public static void main(String[] a) throws Exception {
  long t=System.nanoTime(); new java.security.SecureRandom().nextInt(); long t2=System.nanoTime();
  java.security.MessageDigest.getInstance("SHA-256").digest(new byte[10]); long t3=System.nanoTime();
  System.out.println("securerandom "+(t2-t)/1000+" us, then digest "+(t3-t2)/1000+" us"); } }
